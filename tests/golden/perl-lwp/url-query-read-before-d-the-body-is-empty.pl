use strict;
use warnings;

use HTTP::Request;
use LWP::UserAgent;

my $ua = LWP::UserAgent->new(max_redirect => 0);

my $request = HTTP::Request->new(POST => 'https://api.example.com/form?n=hi%0a');
$request->header('Content-Type' => 'application/x-www-form-urlencoded');
$request->content('');

my $response = $ua->request($request);
print $response->code, "\n";
print $response->content, "\n";
