# frozen_string_literal: true

require 'net/http'

token = ENV.fetch('TOKEN', '')

uri = URI('https://api.example.com/')
request = Net::HTTP::Get.new(uri)
request['Authorization'] = "Bearer #{token}"

response = Net::HTTP.start(uri.hostname, uri.port, use_ssl: uri.scheme == 'https') do |http|
  http.request(request)
end

puts response.code
puts response.body
