# frozen_string_literal: true

require 'net/http'

uri = URI('https://api.example.com/search?a%3d1%26b%3d2%0a')
request = Net::HTTP::Get.new(uri)

response = Net::HTTP.start(uri.hostname, uri.port, use_ssl: uri.scheme == 'https') do |http|
  http.request(request)
end

puts response.code
puts response.body
