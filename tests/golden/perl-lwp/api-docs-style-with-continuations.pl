use strict;
use warnings;

use HTTP::Request;
use LWP::UserAgent;

my $ua = LWP::UserAgent->new(max_redirect => 0);

my $request = HTTP::Request->new(POST => 'https://api.example.com/v1/charges');
$request->header('Content-Type' => 'application/x-www-form-urlencoded');
$request->authorization_basic('sk_test_123', '');
$request->content('amount=2000&currency=usd');

my $response = $ua->request($request);
print $response->code, "\n";
print $response->content, "\n";
