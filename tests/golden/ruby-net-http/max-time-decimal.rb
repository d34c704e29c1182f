# frozen_string_literal: true

require 'net/http'

uri = URI('https://api.example.com/')
request = Net::HTTP::Get.new(uri)

response = Net::HTTP.start(
  uri.hostname,
  uri.port,
  use_ssl: uri.scheme == 'https',
  open_timeout: 2.5,
  read_timeout: 2.5,
  write_timeout: 2.5
) do |http|
  http.request(request)
end

puts response.code
puts response.body
