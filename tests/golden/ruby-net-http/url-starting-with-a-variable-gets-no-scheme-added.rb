# frozen_string_literal: true

require 'net/http'

base_url = ENV.fetch('BASE_URL', '')

uri = URI("#{base_url}/items")
request = Net::HTTP::Get.new(uri)

response = Net::HTTP.start(uri.hostname, uri.port, use_ssl: uri.scheme == 'https') do |http|
  http.request(request)
end

puts response.code
puts response.body
