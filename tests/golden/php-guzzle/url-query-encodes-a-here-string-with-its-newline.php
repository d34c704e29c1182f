<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('GET', 'https://api.example.com/search?a%3d1%26b%3d2%0a', [
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
