<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('POST', 'https://api.example.com/items', [
    'headers' => ['Content-Type' => 'application/json'],
    'body' => '{"name":"Blue shoes","price":42.5}',
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
