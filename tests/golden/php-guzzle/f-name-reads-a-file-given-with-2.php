<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('POST', 'https://api.example.com/upload', [
    'multipart' => [['name' => 'f', 'contents' => file_get_contents('form.txt')]],
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
