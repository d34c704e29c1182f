use strict;
use warnings;

use HTTP::Request;
use LWP::UserAgent;

my $ua = LWP::UserAgent->new(max_redirect => 0);

my $request = HTTP::Request->new(PUT => 'https://api.example.com/blob');
$request->content("a=1\n");

my $response = $ua->request($request);
print $response->code, "\n";
print $response->content, "\n";
