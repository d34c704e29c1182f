<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('POST', 'https://api.example.com/form', [
    'form_params' => ['a' => '1'],
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
