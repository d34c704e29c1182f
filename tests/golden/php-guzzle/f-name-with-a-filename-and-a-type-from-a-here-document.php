<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('POST', 'https://api.example.com/upload', [
    'multipart' => [
        [
            'name' => 'doc',
            'contents' => "# Notes\nline two\n",
            'filename' => 'notes.txt',
            'headers' => ['Content-Type' => 'text/markdown'],
        ],
        [
            'name' => 'a',
            'contents' => '1',
        ],
    ],
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
