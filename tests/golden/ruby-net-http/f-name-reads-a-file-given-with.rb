# frozen_string_literal: true

require 'net/http'

uri = URI('https://api.example.com/upload')
request = Net::HTTP::Post.new(uri)
form = [
  ['f', File.open('note.txt'), { filename: '-' }]
]
request.set_form(form, 'multipart/form-data')

response = Net::HTTP.start(uri.hostname, uri.port, use_ssl: uri.scheme == 'https') do |http|
  http.request(request)
end

puts response.code
puts response.body
