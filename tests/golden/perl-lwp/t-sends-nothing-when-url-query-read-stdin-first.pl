use strict;
use warnings;

use HTTP::Request;
use LWP::UserAgent;

my $ua = LWP::UserAgent->new(max_redirect => 0);

my $request = HTTP::Request->new(PUT => 'https://api.example.com/blob?a%3d1%0a');
$request->content('');

my $response = $ua->request($request);
print $response->code, "\n";
print $response->content, "\n";
