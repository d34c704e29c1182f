<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('GET', 'http://localhost:8080/api/v1/users/42', [
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
