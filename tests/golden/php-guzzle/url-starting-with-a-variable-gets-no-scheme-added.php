<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$base_url = (string) getenv('BASE_URL');

$client = new Client();
$response = $client->request('GET', $base_url . '/items', ['allow_redirects' => false, 'http_errors' => false]);

echo $response->getBody();
