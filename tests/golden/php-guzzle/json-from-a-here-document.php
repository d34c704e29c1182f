<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('POST', 'https://api.example.com/items', [
    'headers' => [
        'Content-Type' => 'application/json',
        'Accept' => 'application/json',
    ],
    'body' => "{\"name\": \"Blue\"}\n",
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
