use strict;
use warnings;

use HTTP::Request;
use LWP::UserAgent;

my $base_url = $ENV{BASE_URL} // '';

my $ua = LWP::UserAgent->new(max_redirect => 0);

my $request = HTTP::Request->new(GET => "${base_url}/items");

my $response = $ua->request($request);
print $response->code, "\n";
print $response->content, "\n";
