<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('POST', 'https://api.example.com/upload', [
    'multipart' => [['name' => 'meta', 'contents' => '{"a":1}', 'headers' => ['Content-Type' => 'application/json']]],
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
