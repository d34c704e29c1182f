<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('PUT', 'https://api.example.com/blob', [
    'body' => '',
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
