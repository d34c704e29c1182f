use strict;
use warnings;

use HTTP::Request::Common qw(POST);
use LWP::UserAgent;

my $ua = LWP::UserAgent->new(max_redirect => 0);

my $request = POST(
    'https://api.example.com/upload',
    Content_Type => 'form-data',
    Content => [
        f => [undef, '-', Content => "hello\n"],
        g => [undef, '-'],
        h => '',
    ],
);

my $response = $ua->request($request);
print $response->code, "\n";
print $response->content, "\n";
