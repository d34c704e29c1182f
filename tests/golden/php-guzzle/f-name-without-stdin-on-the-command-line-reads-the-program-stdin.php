<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;
use GuzzleHttp\Psr7\Utils;

$client = new Client();
$response = $client->request('POST', 'https://api.example.com/upload', [
    'multipart' => [
        [
            'name' => 'f',
            'contents' => Utils::tryFopen('/dev/stdin', 'r'),
            'filename' => '-',
        ],
        [
            'name' => 'g',
            'contents' => 'x',
        ],
    ],
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
