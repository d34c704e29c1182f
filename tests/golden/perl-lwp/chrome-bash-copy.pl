use strict;
use warnings;

use HTTP::Request;
use LWP::UserAgent;

my $ua = LWP::UserAgent->new(max_redirect => 0);

my $request = HTTP::Request->new(POST => 'https://api.example.com/graphql');
$request->header('accept' => '*/*');
$request->header('content-type' => 'application/json');
$request->header('origin' => 'https://app.example.com');
$request->content("{\"query\":\"{ me { name } }\",\"note\":\"it's\"}");

my $response = $ua->request($request);
print $response->code, "\n";
print $response->content, "\n";
