<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('POST', 'https://api.example.com/items?a=1&b=2', [
    'headers' => [
        'accept' => 'application/json',
        'Content-Type' => 'application/x-www-form-urlencoded',
    ],
    'body' => '{"name":"a b"}',
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
