<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('GET', 'https://api.example.com/', [
    'auth' => ['me@example.com', 'p@ss word'],
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
