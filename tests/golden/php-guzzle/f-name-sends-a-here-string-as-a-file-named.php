<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('POST', 'https://api.example.com/upload', [
    'multipart' => [['name' => 'f', 'contents' => "hello\n", 'filename' => '-']],
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
