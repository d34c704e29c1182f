<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('POST', 'https://api.example.com/notes', [
    'headers' => ['Content-Type' => 'text/plain'],
    'body' => "first line\nsecond line\n",
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
