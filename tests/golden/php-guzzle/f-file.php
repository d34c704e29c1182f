<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;
use GuzzleHttp\Psr7\Utils;

$client = new Client();
$response = $client->request('POST', 'https://api.example.com/upload', [
    'multipart' => [['name' => 'file', 'contents' => Utils::tryFopen('note.txt', 'r')]],
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
