<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;

$user_id = (string) getenv('USER_ID');

$client = new Client();
$response = $client->request('GET', 'https://api.example.com/users/' . $user_id . '/orders', [
    'allow_redirects' => false,
    'http_errors' => false,
]);

echo $response->getBody();
