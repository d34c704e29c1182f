# frozen_string_literal: true

require 'net/http'

uri = URI('https://api.example.com/graphql')
request = Net::HTTP::Post.new(uri)
request['accept'] = '*/*'
request['content-type'] = 'application/json'
request['origin'] = 'https://app.example.com'
request.body = "{\"query\":\"{ me { name } }\",\"note\":\"it's\"}"

response = Net::HTTP.start(uri.hostname, uri.port, use_ssl: uri.scheme == 'https') do |http|
  http.request(request)
end

puts response.code
puts response.body
