use strict;
use warnings;

use HTTP::Request;
use LWP::UserAgent;

my $ua = LWP::UserAgent->new(max_redirect => 0);

my $request = HTTP::Request->new(POST => 'https://api.example.com/items');
$request->header('Content-Type' => 'application/json');
$request->content('{"name":"Blue shoes","price":42.5}');

my $response = $ua->request($request);
print $response->code, "\n";
print $response->content, "\n";
