# frozen_string_literal: true

require 'net/http'

uri = URI('https://api.example.com/v1/charges')
request = Net::HTTP::Post.new(uri)
request.basic_auth('sk_test_123', '')
request.set_form_data([%w[amount 2000], %w[currency usd]])

response = Net::HTTP.start(uri.hostname, uri.port, use_ssl: uri.scheme == 'https') do |http|
  http.request(request)
end

puts response.code
puts response.body
