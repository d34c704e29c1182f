<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('GET', 'http://127.0.0.1/', [
    'allow_redirects' => false,
    'http_errors' => false,
    'curl' => [CURLOPT_COOKIEFILE => 'cookies.txt'],
]);

echo $response->getBody();
