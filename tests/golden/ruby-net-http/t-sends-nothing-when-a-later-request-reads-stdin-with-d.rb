# frozen_string_literal: true

require 'net/http'

uri = URI('https://api.example.com/blob')
request = Net::HTTP::Put.new(uri)
request.body = ''

response = Net::HTTP.start(uri.hostname, uri.port, use_ssl: uri.scheme == 'https') do |http|
  http.request(request)
end

puts response.code
puts response.body
