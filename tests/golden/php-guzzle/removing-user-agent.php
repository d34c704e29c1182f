<?php

require __DIR__ . '/vendor/autoload.php';

use GuzzleHttp\Client;
use GuzzleHttp\HandlerStack;
use GuzzleHttp\Middleware;

$stack = HandlerStack::create();
$stack->push(Middleware::mapRequest(fn ($request) => $request->withoutHeader('User-Agent')));
$client = new Client(['handler' => $stack]);
$response = $client->request('GET', 'https://api.example.com/', ['allow_redirects' => false, 'http_errors' => false]);

echo $response->getBody();
