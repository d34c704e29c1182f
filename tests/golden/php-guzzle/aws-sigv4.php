<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('GET', 'https://bucket.s3.amazonaws.com/k', [
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
