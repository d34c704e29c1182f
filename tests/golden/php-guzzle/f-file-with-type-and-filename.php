<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;
use GuzzleHttp\Psr7\Utils;

$client = new Client();
$response = $client->request('POST', 'https://api.example.com/upload', [
    'multipart' => [
        [
            'name' => 'image',
            'contents' => Utils::tryFopen('pic.png', 'r'),
            'filename' => 'avatar.png',
            'headers' => ['Content-Type' => 'image/png'],
        ],
    ],
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
