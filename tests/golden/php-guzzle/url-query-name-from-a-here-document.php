<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('GET', 'https://api.example.com/search?x=0&q=blue+shoes%0a&page=2', [
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
