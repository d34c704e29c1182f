<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('PROPFIND', 'https://dav.example.com/files/', [
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
