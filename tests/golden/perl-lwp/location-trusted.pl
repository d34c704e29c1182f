use strict;
use warnings;

use HTTP::Request;
use LWP::UserAgent;

my $ua = LWP::UserAgent->new();

my $request = HTTP::Request->new(GET => 'https://api.example.com/');
$request->authorization_basic('a', 'b');

my $response = $ua->request($request);
print $response->code, "\n";
print $response->content, "\n";
