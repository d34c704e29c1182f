<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('POST', 'https://api.example.com/v1/charges', [
    'form_params' => [
        'amount' => '2000',
        'currency' => 'usd',
    ],
    'auth' => ['sk_test_123', ''],
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
