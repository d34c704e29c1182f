<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;
use GuzzleHttp\Psr7\Utils;

$client = new Client();
$response = $client->request('POST', 'https://api.example.com/', [
    'multipart' => [
        [
            'name' => 'a',
            'contents' => '1',
        ],
        [
            'name' => 'f',
            'contents' => Utils::tryFopen('note.txt', 'r'),
        ],
        [
            'name' => 'b',
            'contents' => '2',
        ],
    ],
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
