# frozen_string_literal: true

require 'net/http'

uri = URI('https://api.example.com/')
request = Net::HTTP::Get.new(uri)

response = Net::HTTP.start(uri.hostname, uri.port, 'proxy.local', 3128, use_ssl: uri.scheme == 'https') do |http|
  http.request(request)
end

puts response.code
puts response.body
