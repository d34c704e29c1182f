<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('POST', 'https://api.example.com/', [
    'headers' => ['Content-Type' => 'application/x-www-form-urlencoded'],
    'body' => 'city=Z%C3%BCrich%2F~%2A%21',
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
