use strict;
use warnings;

use HTTP::Request;
use LWP::UserAgent;

my $ua = LWP::UserAgent->new(max_redirect => 0);

my $request = HTTP::Request->new(POST => 'https://api.example.com/form');
$request->header('Content-Type' => 'application/x-www-form-urlencoded');
$request->content('a=1');

my $response = $ua->request($request);
print $response->code, "\n";
print $response->content, "\n";
