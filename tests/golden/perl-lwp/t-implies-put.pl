use strict;
use warnings;

use HTTP::Request;
use LWP::UserAgent;

my $ua = LWP::UserAgent->new(max_redirect => 0);

my $request = HTTP::Request->new(PUT => 'https://api.example.com/upload/x.txt');
$request->content(slurp('note.txt'));

my $response = $ua->request($request);
print $response->code, "\n";
print $response->content, "\n";

sub slurp {
    my ($path) = @_;
    open my $fh, '<:raw', $path or die "Cannot read $path: $!\n";
    local $/;
    return scalar <$fh>;
}
