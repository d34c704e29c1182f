<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('GET', 'https://api.example.com/search?q=a+b%0a&n=1', [
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
