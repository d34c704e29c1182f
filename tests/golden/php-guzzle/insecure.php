<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('GET', 'https://self-signed.example/', [
    'allow_redirects' => false,
    'http_errors' => false,
    'verify' => false,
]);

echo $response->getBody();
