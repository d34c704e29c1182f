<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('GET', 'https://bob:pw@api.example.com/', [
    'auth' => ['bob', 'pw'],
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
