# frozen_string_literal: true

require 'net/http'

uri = URI('https://api.example.com/form')
request = Net::HTTP::Post.new(uri)
request.set_form_data([%w[a 1]])

response = Net::HTTP.start(uri.hostname, uri.port, use_ssl: uri.scheme == 'https') do |http|
  http.request(request)
end

puts response.code
puts response.body
