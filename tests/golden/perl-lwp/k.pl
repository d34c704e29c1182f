use strict;
use warnings;

use HTTP::Request;
use LWP::UserAgent;

my $ua = LWP::UserAgent->new(max_redirect => 0, ssl_opts => { verify_hostname => 0, SSL_verify_mode => 0 });

my $request = HTTP::Request->new(GET => 'https://self-signed.example/');

my $response = $ua->request($request);
print $response->code, "\n";
print $response->content, "\n";
