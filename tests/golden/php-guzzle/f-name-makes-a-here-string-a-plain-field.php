<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('POST', 'https://api.example.com/upload', [
    'multipart' => [['name' => 'msg', 'contents' => "hello there\n"], ['name' => 'b', 'contents' => '2']],
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
