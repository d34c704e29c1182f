use strict;
use warnings;

use HTTP::Request;
use LWP::UserAgent;

my $ua = LWP::UserAgent->new(max_redirect => 0);

my $request = HTTP::Request->new(GET => 'https://api.example.com/search?q=a+b%0a&n=1');

my $response = $ua->request($request);
print $response->code, "\n";
print $response->content, "\n";
