use strict;
use warnings;

use HTTP::Request;
use LWP::UserAgent;

my $ua = LWP::UserAgent->new(max_redirect => 0);
$ua->default_header('Accept-Encoding' => scalar HTTP::Message::decodable());

my $request = HTTP::Request->new(GET => 'https://api.example.com/');

my $response = $ua->request($request);
print $response->code, "\n";
print $response->decoded_content(charset => 'none'), "\n";
