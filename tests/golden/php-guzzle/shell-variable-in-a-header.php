<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$token = (string) getenv('TOKEN');

$client = new Client();
$response = $client->request('GET', 'https://api.example.com/', [
    'headers' => ['Authorization' => 'Bearer ' . $token],
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
