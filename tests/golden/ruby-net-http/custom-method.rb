# frozen_string_literal: true

require 'net/http'

uri = URI('https://dav.example.com/files/')
request = Net::HTTPGenericRequest.new('PROPFIND', false, true, uri)

response = Net::HTTP.start(uri.hostname, uri.port, use_ssl: uri.scheme == 'https') do |http|
  http.request(request)
end

puts response.code
puts response.body
