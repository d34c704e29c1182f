<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$client = new Client();
$response = $client->request('GET', 'http://[::1]:8080/x', ['allow_redirects' => false, 'http_errors' => false]);

echo $response->getBody();
