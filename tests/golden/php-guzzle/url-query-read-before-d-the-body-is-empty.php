<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('POST', 'https://api.example.com/form?n=hi%0a', [
    'headers' => ['Content-Type' => 'application/x-www-form-urlencoded'],
    'body' => '',
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
